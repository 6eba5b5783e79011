// The module `words.js`, which the server makes of its catalogs
// (crates/server/src/words.rs): the page's words in both languages.
import type { PageWords, Pattern } from './generated/words';

declare const words: Record<'en' | 'de', Record<keyof PageWords, Pattern>>;
export default words;

// @ts-check
// A phone's screen (the style sheet's narrow layout): some boards are drawn
// differently there, narrower and larger, and drawn again when the screen
// turns narrow or wide (a phone turned, a window resized).

const query = matchMedia('(max-width: 600px)');
/** What draws each kind of board shown last again, by kind. @type {Map<string, () => void>} */
const redraws = new Map();
query.addEventListener('change', () => { for (const redraw of redraws.values()) redraw(); });

/** Whether the screen is a phone's. */
export const narrow = () => query.matches;

/**
 * Has `draw` draw `element` again when the screen turns narrow or wide,
 * while it is on the page; only the element of each `board` shown last.
 * @param {string} board
 * @param {Element} element
 * @param {() => void} draw
 */
export function redrawOnTurn(board, element, draw) {
  redraws.set(board, () => { if (element.isConnected) draw(); });
}

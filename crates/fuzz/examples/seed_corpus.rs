//! Writes the seeds of every fuzz body as the first corpus of its cargo fuzz
//! target: `cargo run -p spieltisch-fuzz --example seed_corpus [DIR]`
//! (default `fuzz/corpus`), one folder per target, one file per seed.
//! The corpus is not kept in the repository; this rebuilds it.

use std::path::PathBuf;

fn main() -> std::io::Result<()> {
    let root = PathBuf::from(std::env::args().nth(1).unwrap_or_else(|| "fuzz/corpus".into()));
    for (target, seeds) in spieltisch_fuzz::seeds::all() {
        let dir = root.join(target);
        std::fs::create_dir_all(&dir)?;
        for (i, seed) in seeds.iter().enumerate() {
            std::fs::write(dir.join(format!("seed-{i:03}")), seed)?;
        }
        println!("{}: {} seeds", dir.display(), seeds.len());
    }
    Ok(())
}

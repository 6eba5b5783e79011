//! `spieltisch`: play, simulate and script the spieltisch games (see the
//! library's documentation for the commands).

fn main() -> std::process::ExitCode {
    spieltisch::main()
}

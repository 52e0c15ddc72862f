//! The `lovbok` binary: everything lives in the library; see `lovbok::cli`.
fn main() -> std::process::ExitCode {
    lovbok::cli::run()
}

fn main() {
    std::process::exit(hlocheck::cli::main());
}

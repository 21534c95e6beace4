fn main() {
    let dir = std::env::args().nth(1).unwrap();
    let mut total = 0;
    let mut pass = 0;
    let mut files: Vec<_> = std::fs::read_dir(&dir)
        .unwrap()
        .map(|e| e.unwrap().path())
        .collect();
    files.sort();
    for f in files {
        let text = std::fs::read_to_string(&f).unwrap();
        let name = f.file_name().unwrap().to_string_lossy().to_string();
        let v = hlocheck::verify::expected::check_expected_errors(&name, &text);
        let p = v.iter().filter(|c| c.passed).count();
        println!("{name}: {p}/{}", v.len());
        for c in &v {
            if !c.passed {
                eprintln!("{name}:{}: {}", c.line, c.detail);
            }
        }
        total += v.len();
        pass += p;
    }
    println!("TOTAL {pass}/{total}");
}

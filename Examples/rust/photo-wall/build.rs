//! Finds the installed libwaterfall-1 with pkg-config, as a C program's build would
//! (`PKG_CONFIG_PATH` names a prefix of one's own; a library in /usr needs nothing).
use std::process::Command;

fn main() {
    println!("cargo:rerun-if-env-changed=PKG_CONFIG_PATH");
    let output = Command::new("pkg-config").args(["--libs-only-L", "waterfall-1"]).output();
    match output {
        Ok(output) if output.status.success() => {
            for flag in String::from_utf8_lossy(&output.stdout).split_whitespace() {
                if let Some(directory) = flag.strip_prefix("-L") {
                    println!("cargo:rustc-link-search=native={directory}");
                }
            }
        }
        _ => panic!("pkg-config finds no waterfall-1: install the library (meson install) or set PKG_CONFIG_PATH"),
    }
}

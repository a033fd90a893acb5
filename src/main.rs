//! Entry point of the web app (built by Trunk).

fn main() {
    toguz_app::mount();
}

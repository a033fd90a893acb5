//! The functions of the parts loaded on demand (`app::on_demand`): each [`part_fn!`] function,
//! with everything only it reaches, is cut out of the app's wasm into its part's file by
//! wasm-split (scripts/hooks/app.mjs) and fetched the first time it is called.

use std::future::Future;
use std::pin::pin;
use std::task::{Context, Poll, Waker};

pub use leptos::wasm_split::SplitLoaderError;

/// Declares a function of a part loaded on demand, beside the screen or view it builds:
///
/// ```ignore
/// part_fn! {
///     /// The library's screen.
///     library, preload preload_library,
///     pub fn library_screen() -> AnyView { view! { <LibraryScreen /> }.into_any() }
/// }
/// ```
///
/// `library` names the part (its file, `split_library-<hash>.wasm`; functions naming the same
/// part share it). The function becomes `async fn library_screen() -> Result<AnyView,
/// SplitLoaderError>`, which fetches the part first, and `preload_library()` fetches it
/// without calling it (`app::on_demand` calls every preload of a part, so that [`now`] finds
/// each function ready). It uses `leptos::wasm_split` rather than Leptos's `#[lazy]` for its
/// `fallible` option: a failed fetch (offline before the service worker had the file) is an
/// error shown with a Retry button, where `#[lazy]` would panic and stop the whole app.
macro_rules! part_fn {
    (
        $(#[$attr:meta])*
        $part:ident, preload $preload:ident,
        $vis:vis fn $name:ident($($arg:ident: $ty:ty),* $(,)?) -> $out:ty $body:block
    ) => {
        $(#[$attr])*
        // The body is a block, given as the function's value.
        #[allow(unused_braces)]
        #[::leptos::wasm_split::wasm_split(
            $part,
            wasm_split_path = ::leptos::wasm_split,
            preload($preload),
            fallible
        )]
        $vis fn $name($($arg: $ty),*) -> Result<$out, $crate::platform::split::SplitLoaderError> {
            Ok($body)
        }
    };
}
pub(crate) use part_fn;

/// The result of a part's function whose part is loaded: it is ready at its first poll (the
/// loader's cell is set), so a view is built here, synchronously, under the current owner.
/// `None` if the part is not loaded (or its load failed).
pub fn now<T>(future: impl Future<Output = Result<T, SplitLoaderError>>) -> Option<T> {
    let mut future = pin!(future);
    match future
        .as_mut()
        .poll(&mut Context::from_waker(Waker::noop()))
    {
        Poll::Ready(result) => result.ok(),
        Poll::Pending => None,
    }
}

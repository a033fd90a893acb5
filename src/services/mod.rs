//! App-wide services, each a small context provided by the root: the settings, the saved
//! games, the routes, the launcher of games, the language and the words, the computer
//! opponent and the review's analysis runs. Screens use them; they know no screen.

pub mod ai;
pub mod backup;
pub mod lang;
pub mod launch;
pub mod pictures;
pub mod plural;
pub mod reader;
pub mod record_words;
pub mod review_run;
pub mod routes;
pub mod saves;
pub mod settings;
pub mod startup;
pub mod upgrade;
pub mod words;

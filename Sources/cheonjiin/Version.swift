/// The version `cheonjiin --version` prints.
///
/// `VERSION` at the top of the repository is the one source: the Makefile reads it for the man
/// page and the Debian package, and `VersionTests` fails when this copy says something else.
let cheonjiinVersion = "0.1.0"

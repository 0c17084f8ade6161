// MARK: - cheonjiin itself

extension UIStrings {
  /// What follows a usage error when no subcommand was named: the two ways to call the program
  /// and where to read about them.
  ///
  /// Without a subcommand the arguments go to the pad, so ArgumentParser would show the pad's
  /// usage alone, which hides that a subcommand may have been meant (`cheonjiin --bogus`,
  /// `cheonjiin grpe`).
  public var topLevelUsage: String {
    pick(
      """
      Usage: cheonjiin [pad options]
             cheonjiin <subcommand> [<options>]
        명령 목록은 'cheonjiin --help', 키패드 옵션은 'cheonjiin pad --help'에 있어요.
      """,
      """
      Usage: cheonjiin [pad options]
             cheonjiin <subcommand> [<options>]
        See 'cheonjiin --help' for the subcommands and 'cheonjiin pad --help' for the pad's \
      options.
      """)
  }
}

import Foundation
import TerminalUI

/// The interface text of the commands, in the language the locale asks for (`LC_ALL`,
/// `LC_MESSAGES`, `LANG`): Korean under `ko_KR.UTF-8`, English otherwise.
let commandStrings = UIStrings(UILanguage.from(environment: ProcessInfo.processInfo.environment))

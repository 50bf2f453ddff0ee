import AppCore
import CNCurses

/// The app's key for an ncurses key code (`KEY_UP` …), if it uses that key.
enum NCursesKeys {
    static func key(for code: Int32) -> Key? {
        switch code {
        case KEY_UP: return .up
        case KEY_DOWN: return .down
        case KEY_LEFT: return .left
        case KEY_RIGHT: return .right
        case KEY_HOME: return .home
        case KEY_END: return .end
        case KEY_PPAGE: return .pageUp
        case KEY_NPAGE: return .pageDown
        case KEY_ENTER: return .enter
        case KEY_BACKSPACE: return .backspace
        case KEY_DC: return .delete
        case KEY_BTAB: return .backTab
        default:
            for n in 1...12 where code == gc_key_f(Int32(n)) { return .function(n) }
            return nil
        }
    }
}

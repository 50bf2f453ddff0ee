/// TerminalUI layer (see docs/architecture.md).
public enum TerminalUIModule {}
import CNCurses
func _linkCheck() { _ = gc_setlocale_all(); _ = gc_a_bold(); _ = gc_stdscr() }

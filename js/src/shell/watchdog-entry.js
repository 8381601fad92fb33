// The page watchdog's script (built into nations_widget/static/watchdog.js, an IIFE that
// nations_widget/widget/shell/watchdog.py prints into the notebook's output): see watchdog.js.
import { installWatchdog } from "./watchdog.js";

installWatchdog(window);

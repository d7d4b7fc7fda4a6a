// The shell is a runtime-only federation host (no build-time share scope to negotiate): it starts
// at once.
import './bootstrap';

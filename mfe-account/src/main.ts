// Async boundary: shared singletons (React, i18n, ...) are negotiated before bootstrap runs.
void import('./bootstrap');

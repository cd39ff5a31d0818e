// Carries ICU's pkg-config flags (icu-i18n) to the CICU shim. Nothing imports this module's
// declarations: it deliberately declares none, so no ICU type reaches Swift.

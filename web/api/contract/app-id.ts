/**
 * The app's id on the wire (SPEC §7 headers) and in the stored login info's passphrase (SPEC §3). A file of its own
 * so the login store, on home's first load, imports one constant rather than the whole protocol (its budget: decision 0018).
 */
export const APP_ID = 'cg-h5';

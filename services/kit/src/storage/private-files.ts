/**
 * Modes of the files standalone mode keeps (evidence, documents, mails with download links,
 * keys): its own user reads them, nobody else, whatever the process's umask.
 */
export const PRIVATE_FILE_MODE = 0o600;
export const PRIVATE_FOLDER_MODE = 0o700;

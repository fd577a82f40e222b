// BackupFormat: `jsonl`, kassa's complete backup — every transaction, account, lesson and object
// as JSON lines (BackupWriter), read back streaming (BackupReader). Known by its first byte.

import KassaCore

extension InterchangeFormat {
    public static let jsonl = InterchangeFormat(
        name: "jsonl",
        detection: .content { BackupReader.looksLikeBackup($0) },
        reading: .backup,
        writing: { source in BackupWriter(accounts: source.accounts(), lessons: source.lessons(), objects: source.objects()) })
}

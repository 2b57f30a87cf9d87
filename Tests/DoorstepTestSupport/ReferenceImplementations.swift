import Foundation

/// Implementations written by others that the server's own are checked against: pyotp for TOTP
/// (RFC 6238), the `qrcode` package for QR codes, and `bcrypt` and `firebase-scrypt` for the password
/// hashes other services export (`scripts/test` installs them beside aiosmtpd).
public enum ReferenceImplementations {
    /// The code pyotp's authenticator shows for `secret` (Base32) at `date`.
    public static func code(secret: String, at date: Date) async throws -> String {
        try await run(
            "import pyotp, sys; print(pyotp.TOTP(sys.argv[1]).at(int(sys.argv[2])))",
            [secret, String(Int(date.timeIntervalSince1970))])
    }

    /// The QR code the `qrcode` package draws for `text` in byte mode at level M with this version and
    /// mask: one line of `0`s and `1`s a row.
    public static func qrRows(_ text: String, version: Int, mask: Int) async throws -> [String] {
        let script = """
            import sys, qrcode, qrcode.util
            code = qrcode.QRCode(version=int(sys.argv[2]), error_correction=qrcode.constants.ERROR_CORRECT_M, \
            border=0, mask_pattern=int(sys.argv[3]))
            code.add_data(qrcode.util.QRData(sys.argv[1].encode(), mode=qrcode.util.MODE_8BIT_BYTE))
            code.make(fit=False)
            print("\\n".join("".join("1" if m else "0" for m in row) for row in code.get_matrix()))
            """
        return try await run(script, [text, String(version), String(mask)]).split(separator: "\n").map(String.init)
    }

    /// Python bcrypt's hash of `password` at `cost`, with the `$2a$` prefix Supabase's Go bcrypt writes
    /// when `prefix` says so.
    public static func bcrypt(_ password: String, cost: Int, prefix: String = "2b") async throws -> String {
        try await run(
            "import bcrypt, sys; print(bcrypt.hashpw(sys.argv[1].encode(), bcrypt.gensalt(int(sys.argv[2]), "
                + "prefix=sys.argv[3].encode())).decode())", [password, String(cost), prefix])
    }

    /// The `passwordHash` Firebase keeps for `password` with `salt` (base64) in a project with these
    /// parameters, as the `firebase-scrypt` package computes it.
    public static func firebaseScrypt(
        _ password: String, salt: String, signerKey: String, saltSeparator: String, rounds: Int, memoryCost: Int
    ) async throws -> String {
        let script = """
            import base64, sys
            from firebase_scrypt import firebasescrypt as f
            key = f.generate_derived_key(sys.argv[1], sys.argv[2], sys.argv[4], int(sys.argv[5]), int(sys.argv[6]))
            print(base64.b64encode(f.encrypt(base64.b64decode(sys.argv[3]), key)).decode())
            """
        return try await run(script, [password, salt, signerKey, saltSeparator, String(rounds), String(memoryCost)])
    }

    private static func run(_ script: String, _ arguments: [String]) async throws -> String {
        let process = Process()
        process.executableURL = try SMTPPeer.python()
        process.arguments = ["-c", script] + arguments
        let output = Pipe()
        process.standardOutput = output
        try process.run()
        let reader = output.fileHandleForReading
        let text = String(decoding: await onOwnThread { PipeReading.all(of: reader) }, as: UTF8.self)
        guard await process.exited() == 0 else {
            let python = process.executableURL?.path ?? "?"
            throw SMTPPeer.PeerError.noPython("pyotp, qrcode, bcrypt and firebase-scrypt in \(python)")
        }
        return text.trimmingCharacters(in: .whitespacesAndNewlines)
    }
}

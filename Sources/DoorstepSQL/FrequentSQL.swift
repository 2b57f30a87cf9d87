/// The statements every authenticated request runs. A database adapter may plan them once per
/// connection instead of once per request; the SQL is the same either way.
public enum FrequentSQL {
    /// A session and its account in one read, for verifying a request's access token. The columns
    /// are named, so a column a later migration adds does not change a statement already planned.
    public static let sessionAndUser = """
        SELECT \(sessionAndUserColumns)
        FROM sessions JOIN users ON users.id = sessions.user_id WHERE sessions.id = ?
        """

    /// A refresh token with its session and account in one read, for rotating it: one statement under
    /// the writer's lock instead of three.
    public static let refreshTokenSessionAndUser = """
        SELECT \(sessionAndUserColumns),
            refresh_tokens.created_at AS token_created_at, refresh_tokens.rotated_at AS token_rotated_at
        FROM refresh_tokens JOIN sessions ON sessions.id = refresh_tokens.session_id
            JOIN users ON users.id = sessions.user_id
        WHERE refresh_tokens.hash = ?
        """

    /// An account's columns under their own names and its session's under `session_…`, as
    /// `SQLTransaction.sessionAndUser(_:)` reads them.
    private static let sessionAndUserColumns = """
        users.id, users.email, users.email_verified, users.first_name, users.last_name,
            users.password_hash, users.is_guest, users.providers, users.avatar_id, users.created_at,
            users.updated_at, users.full_name, users.language, sessions.id AS session_id, sessions.created_at AS session_created_at,
            sessions.last_used_at AS session_last_used_at, sessions.expires_at AS session_expires_at,
            sessions.revoked_at AS session_revoked_at, sessions.user_agent AS session_user_agent,
            sessions.authenticated_at AS session_authenticated_at
        """
}

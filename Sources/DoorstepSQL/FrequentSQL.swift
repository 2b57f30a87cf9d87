/// The statements every authenticated request, refresh and sign-in runs. A database adapter may plan
/// them once per connection instead of once per request; the SQL is the same either way. Each names
/// its columns, so a column a later migration adds does not change a statement already planned.
public enum FrequentSQL {
    /// A session and its account in one read, for verifying a request's access token. The columns
    /// are named, so a column a later migration adds does not change a statement already planned.
    public static let sessionAndUser = """
        SELECT \(sessionAndUserColumns)
        FROM sessions JOIN users ON users.id = sessions.user_id WHERE sessions.id = ?
        """

    /// Several sessions and their accounts in one read, PostgreSQL's dialect: those whose ids are in
    /// the text array `$1`, in no order; an id with no session has no row.
    public static let sessionsAndUsers = """
        SELECT \(sessionAndUserColumns)
        FROM sessions JOIN users ON users.id = sessions.user_id WHERE sessions.id = ANY($1)
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

    /// A refresh token exchanged for its successor in one statement, PostgreSQL's dialect: when the
    /// token (`$1`) is unexchanged and its session neither ended, nor idle past its expiry, nor created
    /// at or before `$3`, the token and its session are locked, the token marked exchanged at `$2`, its
    /// successor (`$4`) stored, and the session's times moved to `$2` and `$5`; the session as it now
    /// is and its account come back, or no row. Locked rows that another transaction changed first
    /// are checked again as that one left them, so a token is exchanged once however many ask.
    ///
    /// Each row also carries one of the account's entitlements or one its groups of kind `$6` share,
    /// under `entitlement_…` (``entitlementsSharedWith``, read in the same statement); an account
    /// with none has one row whose `entitlement_…` columns are NULL.
    public static let rotateCurrentRefreshToken = """
        WITH presented AS (
            SELECT refresh_tokens.hash, refresh_tokens.session_id
            FROM refresh_tokens JOIN sessions ON sessions.id = refresh_tokens.session_id
            WHERE refresh_tokens.hash = $1::text AND refresh_tokens.rotated_at IS NULL
                AND sessions.revoked_at IS NULL AND sessions.expires_at > $2::bigint
                AND sessions.created_at > $3::bigint
            FOR UPDATE
        ), rotated AS (
            UPDATE refresh_tokens SET rotated_at = $2::bigint FROM presented
            WHERE refresh_tokens.hash = presented.hash
            RETURNING presented.session_id
        ), successor AS (
            INSERT INTO refresh_tokens (hash, session_id, created_at)
            SELECT $4::text, rotated.session_id, $2::bigint FROM rotated
        ), touched AS (
            UPDATE sessions SET last_used_at = $2::bigint, expires_at = $5::bigint FROM rotated
            WHERE sessions.id = rotated.session_id
            RETURNING sessions.*
        )
        SELECT \(sessionAndUserColumns),
            \(entitlementColumns("granted", as: "entitlement_"))
        FROM touched AS sessions JOIN users ON users.id = sessions.user_id
        LEFT JOIN LATERAL (
            \(entitlementsShared(with: "users.id", groupKind: "$6::text"))
        ) AS granted ON true
        """

    /// Marks a refresh token exchanged.
    public static let rotateRefreshToken = "UPDATE refresh_tokens SET rotated_at = ? WHERE hash = ?"

    /// A new refresh token: at every sign-in and as the successor at every refresh.
    public static let insertRefreshToken =
        "INSERT INTO refresh_tokens (hash, session_id, created_at, rotated_at) VALUES (?, ?, ?, ?)"

    /// A new session, at every sign-in.
    public static let insertSession = """
        INSERT INTO sessions (
            id, user_id, created_at, last_used_at, expires_at, revoked_at, user_agent, authenticated_at,
            device_name, device_model
        ) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?)
        """

    /// A session's last use moved on, and nothing else: see `SessionRepository.markSessionUsed`.
    public static let markSessionUsed = """
        UPDATE sessions SET last_used_at = ? WHERE id = ? AND last_used_at < ? AND revoked_at IS NULL
        """

    /// A session's times and state, at every refresh.
    public static let updateSession = """
        UPDATE sessions SET last_used_at = ?, expires_at = ?, revoked_at = ?, user_agent = ?, authenticated_at = ?
        WHERE id = ?
        """

    /// An account's entitlements and those shared with it by the members of its groups of a kind, for
    /// the products a new access token names: at every sign-in and refresh. Two index-driven halves:
    /// the account's own rows, and those of the members of its groups of the kind; a member met in two
    /// such groups comes twice, and the caller keeps one.
    public static let entitlementsSharedWith = entitlementsShared(with: "?", groupKind: "?")

    /// ``entitlementsSharedWith`` for the account `account` names and the kind `kind` names, each an
    /// SQL expression (a mark, a column, a parameter).
    private static func entitlementsShared(with account: String, groupKind kind: String) -> String {
        """
        SELECT \(entitlementColumns("entitlements")) FROM entitlements WHERE entitlements.user_id = \(account)
        UNION ALL
        SELECT \(entitlementColumns("entitlements")) FROM group_members AS mine
        JOIN groups ON groups.id = mine.group_id AND groups.kind = \(kind)
        JOIN group_members AS others ON others.group_id = mine.group_id AND others.user_id <> mine.user_id
        JOIN entitlements ON entitlements.user_id = others.user_id
        WHERE mine.user_id = \(account)
        """
    }

    /// The entitlement columns of `table`; with a `prefix`, each renamed to the prefix and its name.
    private static func entitlementColumns(_ table: String, as prefix: String? = nil) -> String {
        [
            "original_transaction_id", "user_id", "product_id", "transaction_id", "environment", "ownership_type",
            "purchased_at", "expires_at", "revoked_at", "signed_at", "updated_at",
        ].map { column in prefix.map { "\(table).\(column) AS \($0)\(column)" } ?? "\(table).\(column)" }
            .joined(separator: ", ")
    }

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

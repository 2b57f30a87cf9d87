/// How far a transaction is kept apart from the others running at the same time, where the database
/// runs writers side by side (PostgreSQL); a database that runs one writer at a time runs every
/// transaction as if it were `serializable`.
public enum TransactionIsolation: Sendable {
    /// As if the transactions had run one after another: what one decided from what it read is never
    /// undone by another's write (the loser runs again). Every transaction that reads to decide.
    case serializable
    /// One snapshot for every read; of two transactions that change the same row, the second runs
    /// again. What it read makes no other transaction run again, so it suits work that locks the rows
    /// it decides on and writes only rows it holds: a queue taking its jobs, recording their outcomes.
    case snapshot
}

import ServiceLifecycle

/// Runs `pass` every `interval`, the first one interval after the start, until the service group shuts
/// down gracefully or the service is cancelled. Each pass gets its number, from 0, for work a service
/// does only every so many passes.
func repeatUntilShutdown(every interval: Duration, _ pass: @escaping @Sendable (_ number: Int) async -> Void) async {
    await cancelWhenGracefulShutdown {
        var number = 0
        while true {
            do { try await Task.sleep(for: interval) } catch { return }
            await pass(number)
            number += 1
        }
    }
}

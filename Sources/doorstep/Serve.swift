import ArgumentParser

struct Serve: AsyncParsableCommand {
    static let configuration = CommandConfiguration(abstract: "Run the Doorstep server.")

    func run() async throws {
        print("The Doorstep server is not built yet: this release ships the flow engine and its catalog.")
        print("Try `swift run doorstep flows validate` or `swift run doorstep flows simulate tanda`.")
        throw ExitCode(2)
    }
}

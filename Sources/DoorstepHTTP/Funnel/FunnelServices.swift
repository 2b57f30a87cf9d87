import DoorstepServerCore

/// The services the web funnel runs effects with: the very ones behind the HTTP API, called
/// in-process, so the web and the apps share accounts, codes, answers and groups.
struct FunnelServices: Sendable {
    let auth: AuthService
    let providers: ProviderSignInService
    let profile: ProfileService
    let flows: FlowDataService
    let groups: GroupService
    let trainer: TrainerService
}

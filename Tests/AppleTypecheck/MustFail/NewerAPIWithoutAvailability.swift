// expected: 'excludedCredentials' is only available in iOS 17.4 or newer
// A passkey registration that leaves out the device's existing passkeys, on every iOS the package
// supports (17.0 and up), though the property arrived in iOS 17.4.
import AuthenticationServices
import Foundation

@MainActor
func registrationRequest(
    _ provider: ASAuthorizationPlatformPublicKeyCredentialProvider, existing: [Data]
) -> ASAuthorizationPlatformPublicKeyCredentialRegistrationRequest {
    let request = provider.createCredentialRegistrationRequest(challenge: Data(), name: "sam", userID: Data())
    request.excludedCredentials = existing.map(ASAuthorizationPlatformPublicKeyCredentialDescriptor.init)
    return request
}

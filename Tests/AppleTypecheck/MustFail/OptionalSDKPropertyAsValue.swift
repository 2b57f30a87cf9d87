// expected: value of optional type '[ASAuthorizationPlatformPublicKeyCredentialDescriptor]?' must be unwrapped
// Apple declares `excludedCredentials` nullable: reading it as an array does not compile.
import AuthenticationServices

@MainActor
func excludedCount(_ request: ASAuthorizationPlatformPublicKeyCredentialRegistrationRequest) -> Int {
    if #available(iOS 17.4, *) {
        return request.excludedCredentials.count
    }
    return 0
}

import Catalog
import GuestCraftAPI
import ClientModel

/// The sentence a person reads for each failure: one per refusal of Connect, pairing and
/// sign-in, one per problem code the app knows, a generic one otherwise. Never a raw code;
/// the details go to the log.
public enum ErrorText {
    /// Why an address cannot be used (each discovery refusal of SPEC §4 in its own sentence).
    public static func connect(_ error: ConnectError) -> String {
        switch error {
        case .invalidAddress: L("errors.connect.invalid_address")
        case .notHTTPS: L("errors.connect.not_https")
        case .unreachable(.tls(let message)) where message.lowercased().contains("wrong version number"):
            // OpenSSL's words when the other side answers TLS with plain HTTP.
            L("errors.connect.plain_http")
        case .unreachable(.libraryMissing(let why)): L("errors.network_library_missing", ["why": why])
        case .unreachable(.certificate(let problem, let host, _)): certificate(problem, host: host)
        case .unreachable: L("errors.connect.unreachable")
        case .notGuestCraft: L("errors.connect.not_guestcraft")
        case .instanceTooOld: L("errors.connect.instance_too_old")
        case .appTooOld(let minimum): L("errors.connect.app_too_old", ["version": minimum])
        case .otherOrigin(let member): L("errors.connect.other_origin", ["part": originPart(member), "field": member])
        case .noUsableSignIn: L("errors.connect.no_sign_in")
        case .unavailable: L("errors.connect.unavailable")
        case .gatewayNotAnswering(let status): L("errors.connect.gateway", ["status": status])
        case .cancelled: L("errors.cancelled")
        }
    }

    /// A refused certificate (issue #35): what is wrong, at which host, and what to do; OpenSSL's
    /// words are in the log.
    public static func certificate(_ problem: CertificateProblem, host: String) -> String {
        let host = InertText.sanitize(host)
        return switch problem {
        case .untrusted: L("errors.certificate.untrusted", ["host": host])
        case .expired: L("errors.certificate.expired", ["host": host])
        case .notYetValid: L("errors.certificate.not_yet_valid", ["host": host])
        case .wrongHost: L("errors.certificate.wrong_host", ["host": host])
        case .caBundleUnreadable(let path): L("errors.certificate.ca_bundle_unreadable", ["path": InertText.sanitize(path)])
        }
    }

    /// What a discovery field on another origin is for, in the sentence that names it.
    static func originPart(_ member: String) -> String {
        switch member {
        case "api_base_url": L("errors.connect.other_origin.api")
        case "auth.authorize_url": L("errors.connect.other_origin.authorize")
        case "auth.token_url": L("errors.connect.other_origin.token")
        case "auth.pairing_url_prefix": L("errors.connect.other_origin.pairing")
        default: L("errors.connect.other_origin.other")
        }
    }

    /// Why a pairing link did not give a session.
    public static func pairing(_ error: PairingError) -> String {
        switch error {
        case .malformedLink: L("errors.pair.malformed_link")
        case .notHTTPS: L("errors.connect.not_https")
        case .connect(let connect): connect == .noUsableSignIn ? L("errors.pair.not_offered") : Self.connect(connect)
        case .pairingNotOffered: L("errors.pair.not_offered")
        case .alreadySignedIn(let person): L("errors.pair.already_signed_in", ["person": person])
        case .invalidDeviceName(let problem): deviceName(problem)
        case .codeAlreadyUsed: L("errors.pair.code_already_used")
        case .codeRefused: L("errors.pair.code_refused")
        case .exchange(let error): error.mayHaveBeenApplied ? L("errors.pair.no_answer") : request(error)
        case .storage: L("errors.storage")
        }
    }

    /// Why a browser sign-in did not give a session.
    public static func signIn(_ error: SignInError) -> String {
        switch error {
        case .browserSignInNotOffered: L("errors.signin.not_offered")
        case .alreadySignedIn(let person): L("errors.pair.already_signed_in", ["person": person])
        case .invalidDeviceName(let problem): deviceName(problem)
        case .listenerFailed: L("errors.signin.listener_failed")
        case .denied: L("errors.signin.denied")
        case .callbackFailed: L("errors.signin.callback_failed")
        case .codeRefused: L("errors.signin.code_refused")
        case .cancelled: L("errors.cancelled")
        case .alreadyFinished: L("errors.signin.already_finished")
        case .exchange(let error): error.mayHaveBeenApplied ? L("errors.signin.no_answer") : request(error)
        case .storage: L("errors.storage")
        }
    }

    /// Why a device name is refused.
    public static func deviceName(_ problem: DeviceName.Problem) -> String {
        switch problem {
        case .empty: L("errors.device_name.empty")
        case .tooLong: L("errors.device_name.too_long", ["max": DeviceName.maximumLength])
        case .controlCharacter, .invisibleCharacter: L("errors.device_name.invisible")
        }
    }

    /// A failed request: no answer, an answer off the contract, or the sentence of its problem code.
    public static func request(_ error: GuestCraftError) -> String {
        switch error {
        case .noAnswer(.cancelled): L("errors.cancelled")
        case .noAnswer(.libraryMissing(let why)): L("errors.network_library_missing", ["why": why])
        case .noAnswer(.certificate(let problem, let host, _)): certificate(problem, host: host)
        case .noAnswer: L("errors.no_answer")
        case .invalidResponse: L("errors.invalid_response")
        case .unauthorized: L("errors.session_ended_short")
        case .problem(let problem): self.problem(problem.code) ?? L("errors.generic")
        }
    }

    /// The catalog's sentence for a problem code the app knows; nil for others.
    public static func problem(_ code: ProblemCode) -> String? {
        switch code {
        case .authForbidden: L("errors.problem.forbidden")
        case .propertyOutOfScope: L("errors.problem.property_out_of_scope")
        case .rateLimited: L("errors.problem.rate_limited")
        case .instanceUnavailable: L("errors.problem.unavailable")
        case .internalError: L("errors.problem.internal")
        case .workspaceNotFound: L("errors.problem.workspace_not_found")
        case .propertyNotFound: L("errors.problem.property_not_found")
        case .deviceSessionInvalidGrant: L("errors.pair.code_refused")
        case .deviceSessionInvalidRequest: L("errors.problem.device_session_invalid")
        case .deviceSessionNotFound: L("errors.problem.device_session_not_found")
        default: nil
        }
    }

    /// The sentence for a work screen's read that failed with an answer (the saved copy stays).
    public static func readFailure(problemCode: String?) -> String {
        switch problemCode {
        case "property.out_of_scope": L("housekeeping.error.out_of_scope")
        case "rate_limited", "instance.unavailable", "internal.error": L("housekeeping.error.busy")
        case let code? where code.hasPrefix(gatewayPrefix):
            L("errors.read.gateway", ["status": String(code.dropFirst(gatewayPrefix.count))])
        default: L("housekeeping.error.generic")
        }
    }

    /// The problem code a read gets for a proxy's 502/503/504 (`gateway.502`): not the
    /// instance's vocabulary, the live layer's, so it never meets one of the instance's codes.
    public static let gatewayPrefix = "gateway."

    /// A problem of this device's own storage.
    public static var storage: String { L("errors.storage") }

    /// The offline data file was damaged at start, moved to `movedTo` and started anew.
    public static func damagedOfflineFile(movedTo: String) -> String {
        L("offline.damaged_moved", ["path": movedTo])
    }
}

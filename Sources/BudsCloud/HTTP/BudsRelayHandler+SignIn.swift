import BudsAPI
import Foundation
import HTTPTypes
import Identity
import Logging
import OpenAPIRuntime
import ServerKit

extension BudsRelayHandler {
    /// Where a sign-in session stands after a step: what the contract's `SignInSession` says, and
    /// the code to text when the step made one.
    struct SignInProgress: Sendable {
        let session: String
        let code: String?
        let resendAfterSeconds: Int
        let checksLeft: Int

        var answer: Components.Schemas.SignInSession {
            .init(session: session, resendAfterSeconds: resendAfterSeconds, checksLeft: checksLeft)
        }
    }

    /// `POST /sign-in`: a new session for the number and its first code, texted once the store
    /// has committed (a code is never sent for a session the store does not hold). The answer is
    /// the same whether the relay knows the number or not.
    func startSignIn(_ input: Operations.StartSignIn.Input) async throws -> Operations.StartSignIn.Output {
        do {
            let phone: String
            switch input.body {
            case .json(let start): phone = start.phone
            }
            let number = try Self.phoneNumber(phone)
            guard number.callingCode(in: configuration.signIn.allowedCallingCodes) != nil else {
                throw ServerRejection.countryNotAllowed
            }
            try await admit(Self.clientAddressKey, to: .signInByAddress)
            let digest = signInRules.digest(of: number)
            try await admit(digest.hex, to: .signInByNumber)
            let now = configuration.now()
            let settings = configuration.signIn
            let progress = try await withSignIn(session: nil, number: digest) { rules throws(PhoneSignInError) in
                var random = SystemRandomNumberGenerator()
                let started = try rules.start(number, at: now, using: &random)
                return Self.progress(of: rules.sessions[started.session], code: started.code, settings: settings, at: now)
            }
            try await text(progress, to: number)
            return .accepted(.init(body: .json(progress.answer)))
        } catch let rejection as ServerRejection {
            switch refused(rejection).status {
            case .badRequest: return .badRequest(rejection.badRequest)
            case .tooManyRequests: return .tooManyRequests(rejection.tooManyRequests)
            default: throw rejection
            }
        }
    }

    /// `POST /sign-in/{session}/resend`: a new code for the session, to the number the request
    /// names again (the relay holds only its digest); a number other than the session's is an
    /// unknown session, so the answer tells nothing about either.
    func resendSignInCode(_ input: Operations.ResendSignInCode.Input) async throws -> Operations.ResendSignInCode.Output {
        do {
            let session = try RelayValidation.sessionID(input.path.session)
            let phone: String
            switch input.body {
            case .json(let resend): phone = resend.phone
            }
            let number = try Self.phoneNumber(phone)
            let digest = signInRules.digest(of: number)
            let now = configuration.now()
            let settings = configuration.signIn
            let progress = try await withSignIn(session: session, number: nil) { rules throws(PhoneSignInError) in
                guard rules.sessions[session]?.number == digest else { throw .sessionExpired }
                var random = SystemRandomNumberGenerator()
                let code = try rules.resend(session, at: now, using: &random)
                return Self.progress(of: rules.sessions[session], code: code, settings: settings, at: now)
            }
            try await text(progress, to: number)
            return .accepted(.init(body: .json(progress.answer)))
        } catch let rejection as ServerRejection {
            switch refused(rejection).status {
            case .badRequest: return .badRequest(rejection.badRequest)
            case .notFound: return .notFound(rejection.notFound)
            case .tooManyRequests: return .tooManyRequests(rejection.tooManyRequests)
            default: throw rejection
            }
        }
    }

    /// `POST /sign-in/{session}/verify`: the device list is checked first (so a list that cannot
    /// be registered costs no check of the code), then the code, then the calling credential
    /// becomes the list's device. A right code ends the session even when registering is then
    /// refused: a code opens once.
    func verifySignIn(_ input: Operations.VerifySignIn.Input) async throws -> Operations.VerifySignIn.Output {
        do {
            let credential = try RelayAuthentication.requireCredential()
            let session = try RelayValidation.sessionID(input.path.session)
            let verification: Components.Schemas.SignInVerification
            switch input.body {
            case .json(let body): verification = body
            }
            let (list, record) = try RelayValidation.deviceList(Data(verification.deviceList.data))
            guard list.devices.contains(where: { $0.deviceId == verification.deviceId }) else { throw ServerRejection.deviceNotInList }
            guard verification.code.unicodeScalars.count <= 16 else {
                throw ServerRejection.badRequest("invalid_code", "The code is the 6 digits the text message gave.", field: "code")
            }
            let now = configuration.now()
            let code = verification.code
            let phone = try await withSignIn(session: session, number: nil) { rules throws(PhoneSignInError) in
                try rules.check(session, code: code, at: now)
            }
            let outcome = try await store.registerDevice(
                credential: credential, deviceId: verification.deviceId, list: record, phone: phone, at: now)
            try Self.check(outcome)
            logger.info("buds device registered", metadata: ["by": "phone", "devices": "\(record.deviceIds.count)"])
            return .ok(.init(body: .json(.init(did: list.did, deviceId: verification.deviceId))))
        } catch let rejection as ServerRejection {
            switch refused(rejection).status {
            case .badRequest: return .badRequest(rejection.badRequest)
            case .unauthorized: return .unauthorized(rejection.unauthorized)
            case .notFound: return .notFound(rejection.notFound)
            case .conflict: return .conflict(rejection.conflict)
            case .tooManyRequests: return .tooManyRequests(rejection.tooManyRequests)
            default: throw rejection
            }
        }
    }

    // MARK: Helpers

    /// The sign-in rules under the relay's key, for digests (their state lives in the store).
    var signInRules: PhoneSignIn { PhoneSignIn(key: configuration.key, settings: configuration.signIn) }

    /// Runs `step` on the sign-in rules over the rows the store locks for `session` and
    /// `number`, in one transaction, and writes back what it left (a wrong code's count too).
    /// - Throws: the step's refusal as a ``ServerRejection``; the store's failures.
    func withSignIn<T: Sendable>(
        session: String?, number: PhoneDigest?, _ step: @Sendable (inout PhoneSignIn) throws(PhoneSignInError) -> T
    ) async throws -> T {
        let key = configuration.key
        let settings = configuration.signIn
        let result = try await store.updateSignIn(session: session, number: number) { rows in
            var rules = PhoneSignIn(key: key, settings: settings, sessions: rows.sessions, numbers: rows.numbers)
            let result: Result<T, PhoneSignInError>
            do throws(PhoneSignInError) {
                result = .success(try step(&rules))
            } catch {
                result = .failure(error)
            }
            rows.sessions = Array(rules.sessions.values)
            rows.numbers = rules.numbers
            return result
        }
        switch result {
        case .success(let value): return value
        case .failure(let error): throw Self.rejection(for: error)
        }
    }

    /// What the contract's `SignInSession` says of `session` at `now`, with the code just made.
    static func progress(of session: PhoneSignIn.Session?, code: String?, settings: PhoneSignIn.Settings, at now: Date) -> SignInProgress {
        guard let session else { return SignInProgress(session: "", code: code, resendAfterSeconds: 0, checksLeft: 0) }
        var resendAfter = 0
        if session.sends.count < settings.sendDelays.count, let last = session.sends.last {
            let allowedAt = last.addingTimeInterval(settings.sendDelays[session.sends.count])
            resendAfter = max(0, Int(allowedAt.timeIntervalSince(now).rounded(.up)))
        }
        return SignInProgress(
            session: session.id, code: code, resendAfterSeconds: resendAfter, checksLeft: max(0, settings.maximumChecks - session.checks))
    }

    /// Texts the code of `progress` to `number`. A gateway that fails is a 503: the session
    /// exists, so the person asks for another code once the gateway is back.
    func text(_ progress: SignInProgress, to number: PhoneNumber) async throws {
        guard let code = progress.code else { return }
        do {
            try await sms.send(code: code, to: number)
            logger.info("buds sign-in code sent")
        } catch {
            logger.error("buds sign-in code not sent", metadata: ["error_type": "\(type(of: error))"])
            throw ServerRejection.smsUnavailable
        }
    }

    /// `text` as an E.164 number: at most 32 characters (the contract's `maxLength`).
    static func phoneNumber(_ text: String) throws(ServerRejection) -> PhoneNumber {
        guard text.unicodeScalars.count <= 32, let number = try? PhoneNumber(text) else { throw .invalidPhone }
        return number
    }

    /// The answer to a refused sign-in step. None says whether the relay knows the number.
    static func rejection(for error: PhoneSignInError) -> ServerRejection {
        switch error {
        case .invalidNumber: .invalidPhone
        case .countryNotAllowed: .countryNotAllowed
        case .retryLater(let seconds): .signInRetryLater(seconds: seconds)
        case .sessionExpired: .sessionNotFound
        case .codeExpired: .codeExpired
        case .wrongCode(let remaining): .wrongCode(remaining: remaining)
        case .sessionExhausted: .sessionExhausted
        }
    }

    /// Refuses a registration the store did not make.
    static func check(_ outcome: DeviceRegistrationOutcome) throws(ServerRejection) {
        switch outcome {
        case .registered: return
        case .staleList(let storedVersion): throw .staleDeviceList(storedVersion: storedVersion)
        case .unknownAccount: throw .unknownAccount
        case .credentialInUse: throw .credentialInUse
        case .deviceIdTaken: throw .deviceIdTaken
        }
    }
}

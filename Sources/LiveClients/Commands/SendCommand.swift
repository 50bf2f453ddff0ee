import AppCore
import Catalog
import InstanceClient
import OfflineStore
import Outbox

/// `guestcraft send`: sends the outbox of every signed-in account once (each workspace with
/// changes, in order, under the same send lock as the app). Exit status: 0 nothing is left,
/// 1 something still waits or needs a decision, 2 an error (explained on stderr) — a 401 too:
/// its account's changes are kept for the person (#35), never deleted.
public enum SendCommand {
    public static func run(_ services: LiveServices) async -> Int32 {
        let accounts: [(SavedInstance, StoredSession)]
        let summary: [OutboxSummary]
        do {
            accounts = try StatusCommand.signedInAccounts(services)
            summary = try services.offline.accountsSummary()
        } catch {
            services.log.write("send: \(error)")
            Terminal.error(L("cli.credentials_failed", ["path": services.stateDirectory.path]))
            return 2
        }
        var failed = false
        var left = false
        for (instance, session) in accounts {
            let account = Account(instanceKey: instance.key, personID: session.user.id.rawValue)
            let partitions = summary.filter { $0.partition.account == account && $0.counts.toSend > 0 }.map(\.partition)
            let name = Terminal.inert(instance.origin.displayHost) + " · " + Terminal.inert(session.user.name)
            if !partitions.isEmpty && !services.outboxEnabled {
                Terminal.error(L("cli.send_no_operations", ["account": name]))
                failed = true
                continue
            }
            var sent = 0
            var ended = false
            for partition in partitions where !ended {
                let outcome = await send(partition, session: session, services: services)
                sent += outcome.sent
                switch outcome.problem {
                case nil: break
                case .sessionEnded:
                    // #35: the token is forgotten (the client did), the changes are kept, sealed
                    // to the person, for their next sign-in; the timer must not report success.
                    ended = true
                    failed = true
                    let proxyHint = services.sessionAnswers.refusedRightAfterSuccess(session)
                    _ = try? services.credentials.forget(token: session.token)
                    var sentence: String
                    do {
                        let kept = try services.offline.sealAccount(account).keptEntries
                        sentence = L("cli.send_session_ended", ["account": name, "count": kept])
                        services.log.write("send: \(partition): 401; the token is forgotten, \(kept) changes are kept for the person"
                                           + (proxyHint ? " (within seconds of a success: a proxy may be dropping the Authorization header)" : ""))
                    } catch {
                        // Nothing was deleted either; the next start's clean-up cannot tell, so it is said.
                        sentence = L("cli.send_session_ended_unsealed", ["account": name])
                        services.log.write("send: \(partition): 401; keeping the changes failed: \(error)")
                    }
                    if proxyHint { sentence += " " + L("errors.proxy_drops_authorization") }
                    Terminal.error(sentence)
                case .anotherSender:
                    Terminal.error(L("cli.send_another_sender"))
                case .unreachable:
                    Terminal.error(await unreachable(instance, account: name, services: services))
                case .failed(let details):
                    failed = true
                    services.log.write("send: \(partition): \(details)")
                    Terminal.error(L("cli.send_failed", ["account": name]))
                }
            }
            guard !ended else { continue }
            let counts = (try? services.offline.outboxCounts(account: account)) ?? .zero
            if counts.toSend + counts.toReview > 0 { left = true }
            Terminal.out(L("cli.send_result", ["account": name, "sent": sent, "to_send": counts.toSend,
                                               "to_review": counts.toReview]))
        }
        return failed ? 2 : (left ? 1 : 0)
    }

    /// The sentence when the instance could not be reached: one discovery read asks why, so a
    /// refused certificate is named (issue #35; the outbox's stop does not carry its error).
    static func unreachable(_ instance: SavedInstance, account: String, services: LiveServices) async -> String {
        do {
            _ = try await services.connector.connect(origin: instance.origin)
        } catch .unreachable(.certificate(let problem, let host, let detail)) {
            services.log.write("send: \(instance.origin.displayHost): certificate \(problem): \(detail)")
            return L("cli.send_certificate", ["account": account, "reason": ErrorText.certificate(problem, host: host)])
        } catch {}
        return L("cli.send_unreachable", ["account": account])
    }

    enum Problem: Equatable {
        case sessionEnded, anotherSender, unreachable
        case failed(String)
    }

    /// One round for one partition, in a generation of its own.
    static func send(_ partition: Partition, session: StoredSession,
                     services: LiveServices) async -> (sent: Int, problem: Problem?) {
        let generation: GenerationID
        do {
            generation = try services.offline.beginGeneration(partition)
        } catch {
            return (0, .failed("\(error)"))
        }
        let engine = services.outbox
        let report = await engine.activate(partition: partition, generation: generation,
                                           client: services.client(for: session))
        await engine.deactivate()
        _ = try? services.offline.endGenerations(.generation(generation))
        let problem: Problem?
        switch report.stop {
        case nil, .inactive?, .cancelled?: problem = nil
        case .unauthorized?: problem = .sessionEnded
        case .anotherSender?: problem = .anotherSender
        case .noAnswer?, .notSent?, .retryLater?, .inProgress?: problem = .unreachable
        case .unexpected(let details)?: problem = .failed(details)
        }
        return (report.sent.count, problem)
    }
}

import GuestCraftAPI
import ClientModel

/// Everything that can happen to the app, named for what happened: the person's input, the
/// features' own actions, and the answers of the effects the app runs.
public enum AppAction: Equatable, Sendable {
    /// The program started: read the saved instances and preferences.
    case started
    case startLoaded(Result<[InstanceSummary], StorageFailure>, AppPreferences, pins: Set<Account> = [])

    case keyPressed(Key)
    case pasted(String)
    /// A scanner's burst (a room tag) that arrived in one read.
    case scanned(String)
    case clicked(HitTarget)

    case connect(ConnectFeature.Action)
    case pair(PairFeature.Action)
    case signIn(SignInFeature.Action)
    case workspace(WorkspaceFeature.Action)
    case account(AccountFeature.Action)
    case tabs(WorkTabs.Action)
    case help(HelpFeature.Action)
    case lock(LockFeature.Action)
    case pinForm(PINForm.Action)
    /// The person answered the confirmation on screen.
    case confirmationAnswered(Bool)
    /// The person chose the confirmation's second way ahead (`Confirmation.alternativeLabel`).
    case confirmationAlternative
    /// A 401's account was sealed (#35): `kept` changes wait for the person; `proxyHint` when the
    /// 401 came within seconds of a success of the same session.
    case sessionSealed(instanceKey: String, kept: Result<Int, StorageFailure>, proxyHint: Bool)

    /// Discovery of the instance on screen was read again (and saved) on opening.
    case instanceChecked(DeviceSessionID, Result<SavedInstance, ConnectFeature.AddFailure>)
    /// The workspaces were read again to check the saved workspace and property.
    case choiceVerified(DeviceSessionID, Result<WorkspaceList, GuestCraftError>)
    case generationBegan(Partition, Result<GenerationID, StorageFailure>)
    case outboxNews(OutboxNews)
    case outboxCounted(Partition, OutboxCounts)
    /// How many changes a sign-out would delete (every workspace of the account).
    case signOutCounted(DeviceSessionID, OutboxCounts)
    case signedOut(instanceName: String, Result<SignOutOutcome, StorageFailure>)
    case instanceRemoved(instanceName: String, Result<SignOutOutcome?, StorageFailure>)
    case discarded(Result<Bool, StorageFailure>)
    /// A few seconds after a passing sentence went up (demo started, chosen automatically): it
    /// goes, as it goes with the first key.
    case passingNoticesExpired
    /// A few seconds passed while a live list is on screen (AppReducer+Live): the header's
    /// "updated … ago" moves on, and the list follows the instance when its time has come.
    case liveTick
    /// The probe of the instance while it could not be reached (AppReducer+Reach): whether it answered.
    case reachProbed(DeviceSessionID, reached: Bool)
    /// The idle lock's wait ended (AppReducer+Lock): it locks if no key came meanwhile.
    case idleTimerFired
    /// How many changes "Forgot PIN" would delete (every workspace of the account).
    case forgotPINCounted(DeviceSessionID, OutboxCounts)
    /// The changes each account of this device keeps, for Account's list (on screen: the session's).
    case accountsCounted(DeviceSessionID, [DeviceSessionID: OutboxCounts])
}

// The staff module's React components that render anywhere (client components and shared pieces).
export { FirstOwnerForm } from './accounts/FirstOwnerForm';
export { CreateStaffForm, StaffRowActions } from './accounts/StaffManager';
export { PushAlerts } from './app/PushAlerts';
export { StaffShell } from './app/StaffShell';
export { StaffWorker } from './app/StaffWorker';
export { EnrolForm } from './second-factor/EnrolForm';
export { PasskeySignIn } from './second-factor/PasskeySignIn';
export { RecoveryCodeList } from './second-factor/RecoveryCodeList';
export { SecondFactorForm } from './second-factor/SecondFactorForm';
export { SecondFactorSetup } from './second-factor/SecondFactorSetup';
export { AddPasskeyButton, ChangePasswordForm, RemoveAppButton, SecondFactorActions } from './sessions/AccountSecurity';
export { ConfirmPasswordForm } from './sessions/ConfirmPasswordForm';
export { DownloadLink } from './sessions/DownloadLink';
export { PasskeyList } from './sessions/PasskeyList';
export { SignedInDevices } from './sessions/SignedInDevices';
export { AuthCard } from './sign-in/AuthCard';
export { NewPasswordForm, ResetRequestForm } from './sign-in/PasswordResetForms';
export { SignInForm } from './sign-in/SignInForm';

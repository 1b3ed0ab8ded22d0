/** A write the server refused (an HTTP error): its message as text, beside the action, said at once (role="alert"). */
import { Alert } from 'antd';

export function WriteFailure({ error, title }: { error: Error | null; title: string }) {
  if (!error) return null;
  return <Alert type="error" role="alert" showIcon title={title} description={error.message} />;
}

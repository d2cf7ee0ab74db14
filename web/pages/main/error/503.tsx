import { ErrorPage } from './ErrorPage.tsx';

export default function Error503Page() {
  return <ErrorPage code={503} />;
}

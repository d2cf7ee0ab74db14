import { ErrorPage } from './ErrorPage.tsx';

export default function Error403Page() {
  return <ErrorPage code={403} />;
}

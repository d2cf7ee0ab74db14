import { ErrorPage } from './ErrorPage.tsx';

export default function Error404Page() {
  return <ErrorPage code={404} />;
}

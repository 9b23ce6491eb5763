import { isRouteErrorResponse, useRouteError } from 'react-router';
import { ErrorView, describeError } from './ErrorView';

/** Route `errorElement`: a loader, lazy import or render inside the router failed. */
export function RouteError() {
  const error = useRouteError();
  const details = isRouteErrorResponse(error) ? `${error.status} ${error.statusText}`.trim() : describeError(error);
  return <ErrorView details={details} />;
}

// The app's one way to send the user elsewhere while rendering (instead of React Router's
// <Navigate>, which the server cannot follow). In the browser it is <Navigate>; on the server,
// drawing a document (web/server-render.tsx), it tells the renderer, which then leaves the
// document to the SPA: the browser follows the redirect as before.
import { createContext, useContext } from 'react';
import { Navigate, type NavigateProps } from 'react-router';

/** Set by the server's renderer: called with the target of a redirect met while drawing. */
export const ServerRedirect = createContext<((to: NavigateProps['to']) => void) | null>(null);

export function Redirect(props: NavigateProps) {
  const onServer = useContext(ServerRedirect);
  if (onServer) {
    onServer(props.to);
    return null;
  }
  return <Navigate {...props} />;
}

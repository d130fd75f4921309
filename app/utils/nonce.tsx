// The Content-Security-Policy nonce of the current response, for the few scripts React Router inlines.
import { createContext, useContext } from "react";

const NonceContext = createContext<string | undefined>(undefined);
export const NonceProvider = NonceContext.Provider;
export const useNonce = () => useContext(NonceContext);

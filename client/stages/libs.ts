// The app's other packages (Apollo Client with graphql-js, i18next with react-i18next, React Router), evaluated in a
// task of their own after React's and before the app (see ./react.ts).
export { ApolloClient, InMemoryCache } from "@apollo/client/core";
export { ApolloProvider } from "@apollo/client/react";
export { default as i18next } from "i18next";
export { initReactI18next } from "react-i18next";
export { BrowserRouter } from "react-router-dom";

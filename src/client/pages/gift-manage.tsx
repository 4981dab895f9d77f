import NotFoundPage from "./not-found.tsx";
export default NotFoundPage;

export { BrowserRouter, Link, Navigate, NavLink, Outlet, Route, Routes, StaticRouter, useLocation, useNavigate, useParams, useSearchParams } from "react-router-dom";

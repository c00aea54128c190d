import type { EndpointDef } from '../define.ts';

/** Accounts: registration, login and sessions, the profile, notification choices and data rights. */
export const customersEndpoints = {
  createCustomerUser: {
    method: 'POST',
    path: '/customer_user_api/create_customer_user',
    auth: 'none',
    apiKeyHeader: 'create_cust_api',
    status: 201,
  },
  validateCustomerOtp: {
    method: 'POST',
    path: '/customer_user_api/validate_customer_otp',
    auth: 'none',
    apiKeyHeader: 'validate_otp_api',
    status: 200,
  },
  resendCustomerOtp: {
    method: 'PUT',
    path: '/customer_user_api/resend_customer_otp',
    auth: 'none',
    apiKeyHeader: 'resend_otp_api',
    status: 200,
  },
  loginCustomerUser: {
    method: 'POST',
    path: '/customer_user_api/login_customer_user',
    auth: 'none',
    apiKeyHeader: 'login_cust_api',
    status: 200,
  },
  forgotCustomerUser: {
    method: 'POST',
    path: '/customer_user_api/forgot_customer_user',
    auth: 'none',
    apiKeyHeader: 'forgot_cust_api',
    status: 200,
  },
  resetCustomerUser: {
    method: 'PUT',
    path: '/customer_user_api/reset_customer_user/:id/:token',
    auth: 'none',
    apiKeyHeader: 'reset_cust_api',
    status: 200,
  },
  getCustomerUser: {
    method: 'GET',
    path: '/customer_user_api/get_customer_user/:id',
    auth: 'required',
    apiKeyHeader: 'get_cust_api',
    status: 200,
  },
  logoutCustomerUser: {
    method: 'GET',
    path: '/customer_user_api/logout_customer_user',
    auth: 'required',
    apiKeyHeader: 'logout_cust_api',
    status: 200,
    effect: true,
  },
  renewCustomerSession: {
    method: 'POST',
    path: '/customer_user_api/renew_session',
    auth: 'required',
    apiKeyHeader: 'renew_session_api',
    status: 200,
  },
  /** The customer's channels and language for messages (issue 22). */
  getNotificationPreferences: {
    method: 'GET',
    path: '/customer_user_api/preferences',
    auth: 'required',
    apiKeyHeader: 'get_prefs_api',
    status: 200,
  },
  updateNotificationPreferences: {
    method: 'PUT',
    path: '/customer_user_api/preferences',
    auth: 'required',
    apiKeyHeader: 'set_prefs_api',
    status: 200,
  },
  /** A code by SMS to the phone number on file, to prove it before any notification goes there. */
  sendPhoneCode: {
    method: 'POST',
    path: '/customer_user_api/send_phone_code',
    auth: 'required',
    apiKeyHeader: 'phone_code_api',
    status: 200,
  },
  verifyPhoneCode: {
    method: 'POST',
    path: '/customer_user_api/verify_phone_code',
    auth: 'required',
    apiKeyHeader: 'phone_verify_api',
    status: 200,
  },
  /** The customer's rights of access and erasure (issue 22). */
  requestDataExport: {
    method: 'POST',
    path: '/customer_user_api/data_export',
    auth: 'required',
    apiKeyHeader: 'export_api',
    status: 200,
  },
  downloadDataExport: {
    method: 'GET',
    path: '/customer_user_api/data_export/:id',
    auth: 'required',
    apiKeyHeader: 'get_export_api',
    status: 200,
    /** A ZIP (application/zip), not JSON. */
    effect: true,
  },
  deleteCustomerAccount: {
    method: 'POST',
    path: '/customer_user_api/delete_account',
    auth: 'required',
    apiKeyHeader: 'delete_account_api',
    status: 200,
  },
} as const satisfies Record<string, EndpointDef>;

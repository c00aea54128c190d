import type { EndpointDef } from '../define.ts';

/** Feedback: ratings of answered cases, and complaints. */
export const feedbackEndpoints = {
  /** The spec lets anyone ask; a rating is its owner's alone (issue 32, ADR 0020): the case's owner only. */
  getRatingByCase: {
    method: 'GET',
    path: '/div_rate/get_rating_bycase/:caseId',
    auth: 'required',
    apiKeyHeader: 'get_rating_api',
    status: 200,
  },
  createCustomerRating: {
    method: 'POST',
    path: '/div_rate/create_custrate',
    auth: 'required',
    apiKeyHeader: 'create_rating_api',
    status: 201,
  },
  createAccusation: {
    method: 'POST',
    path: '/accusation_acceptor_api/create_accusation',
    auth: 'none',
    apiKeyHeader: 'create_accusation_api',
    status: 201,
  },
  getComplaintByCode: {
    method: 'GET',
    path: '/accusation_acceptor_api/get_accusation/:code',
    auth: 'none',
    apiKeyHeader: 'get_accusation_api',
    status: 200,
  },
  logoutAccusationAcceptor: {
    method: 'GET',
    path: '/accusation_acceptor_user_api/logout_accusation_acceptor',
    auth: 'none',
    apiKeyHeader: 'logout_acc_api',
    status: 200,
  },
} as const satisfies Record<string, EndpointDef>;

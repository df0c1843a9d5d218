/** SPEC section 2's route table, less the three admin routes. */
export const SPEC_PUBLIC_ROUTES = [
  '/', '/about', '/services', '/trader', '/agroprocessing', '/roadcontractor', '/hospitals', '/venturecapitalist', '/hotal',
  '/cgtmse', '/psi', '/women', '/clcss', '/electronicspolicy', '/textilepolicy', '/pancard', '/udhamadhar', '/shopact',
  '/gstregistration', '/mpcb', '/mpcbnew', '/alllicense', '/homeloan', '/propertyloan', '/businessloan', '/personalloan',
  '/vehicleloan', '/contactus', '/career',
];

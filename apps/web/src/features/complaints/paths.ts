/** The complaint screens' routes (spec section 2), as pages link to them. */
export const COMPLAINT_HOME_PATH = '/complainPage';
export const COMPLAINT_FORM_PATH = '/complainPageNext';
export const COMPLAINT_LIST_PATH = '/complaintList';
export const COMPLAINT_DETAILS_PATH = '/complainDetails';

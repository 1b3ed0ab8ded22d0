/** A phone number with all but its last 4 digits replaced by '*'. */
export const maskPhone = (phone: string) => phone.replace(/\d(?=(?:\D*\d){4})/g, '*');

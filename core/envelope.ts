// The API envelope of spec §7 and §8. Main API: request_status '1' with request_details on success,
// '0' with error_message on failure. Checkout endpoints answer { success: true|false, ... } instead.

import type { AppError } from './errors.ts';

export interface Success<T> {
  request_status: '1';
  request_details: T;
}

export interface Failure {
  request_status: '0';
  error_message: AppError;
}

export type Envelope<T> = Success<T> | Failure;

export interface CheckoutSuccess<T> {
  success: true;
  data: T;
}

export interface CheckoutFailure {
  success: false;
  error_message: AppError;
}

export type CheckoutEnvelope<T> = CheckoutSuccess<T> | CheckoutFailure;

export function ok<T>(details: T): Success<T> {
  return { request_status: '1', request_details: details };
}

export function fail(error: AppError): Failure {
  return { request_status: '0', error_message: error };
}

/** Spec §8: any response whose request_status is not '1' (or whose success is false) is a failure. */
export function isSuccess<T>(body: Envelope<T> | CheckoutEnvelope<T>): body is Success<T> | CheckoutSuccess<T> {
  if ('request_status' in body) return body.request_status === '1';
  return body.success === true;
}

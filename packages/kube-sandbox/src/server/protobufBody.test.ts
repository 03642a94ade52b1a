import { ApiError } from '../api/ApiError';
import { decodeProtobufDeleteOptions } from './protobufBody';

/*
 * Protobuf written by hand as the Go client writes it: a field is its key (number << 3 |
 * wire type) then a varint, or a length and bytes.
 */
const varint = (value: number): number[] => {
  const bytes: number[] = [];
  let rest = value;
  while (rest >= 0x80) {
    bytes.push((rest & 0x7f) | 0x80);
    rest = Math.floor(rest / 128);
  }
  return [...bytes, rest];
};
const number = (field: number, value: number) => [
  ...varint(field * 8),
  ...varint(value),
];
const bytes = (field: number, content: number[] | string) => {
  const data =
    typeof content === 'string' ? [...Buffer.from(content)] : content;
  return [...varint(field * 8 + 2), ...varint(data.length), ...data];
};

/** The `k8s\0` envelope: runtime.Unknown with typeMeta, raw, contentEncoding, contentType. */
const envelope = (kind: string, raw: number[]) =>
  Buffer.from([
    0x6b,
    0x38,
    0x73,
    0x00,
    ...bytes(1, [...bytes(1, 'v1'), ...bytes(2, kind)]),
    ...bytes(2, raw),
    ...bytes(3, ''),
    ...bytes(4, 'application/vnd.kubernetes.protobuf'),
  ]);

describe('decodeProtobufDeleteOptions', () => {
  it('reads the fields of DeleteOptions, keeping an explicit zero grace period', () => {
    const body = envelope('DeleteOptions', [
      ...number(1, 0),
      ...bytes(2, [...bytes(1, 'uid-1'), ...bytes(2, '42')]),
      ...bytes(4, 'Foreground'),
      ...bytes(5, 'All'),
    ]);
    expect(decodeProtobufDeleteOptions(body)).toEqual({
      gracePeriodSeconds: 0,
      preconditions: { uid: 'uid-1', resourceVersion: '42' },
      propagationPolicy: 'Foreground',
      dryRun: ['All'],
    });
  });

  it('reads orphanDependents and a grace period of several bytes', () => {
    const body = envelope('DeleteOptions', [
      ...number(1, 300),
      ...number(3, 1),
    ]);
    expect(decodeProtobufDeleteOptions(body)).toEqual({
      gracePeriodSeconds: 300,
      orphanDependents: true,
    });
  });

  it('refuses another kind, and a body without the envelope', () => {
    expect(() =>
      decodeProtobufDeleteOptions(envelope('ConfigMap', [])),
    ).toThrow(ApiError);
    expect(() =>
      decodeProtobufDeleteOptions(Buffer.from('{"kind":"DeleteOptions"}')),
    ).toThrow('the protobuf body does not start with the Kubernetes envelope');
  });
});

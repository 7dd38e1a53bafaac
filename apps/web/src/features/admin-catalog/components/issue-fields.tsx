// What 'Add issue' and 'Edit issue' ask for: an issue's name and description (optional) and its
// price in dollars (0.50 to 999.99; optional when adding: empty takes the shop's default price).
import Form from 'react-bootstrap/Form';
import InputGroup from 'react-bootstrap/InputGroup';
import type { FieldErrors, UseFormRegister } from 'react-hook-form';

import { FieldError, fieldState } from './field-error';

const NAME_MAX = 200;
const DESCRIPTION_MAX = 10_000;

/** The fields as their inputs hold them. */
export type IssueFieldValues = { name: string; description: string; price: string };
export type IssueField = keyof IssueFieldValues;
export const ISSUE_FIELDS: readonly IssueField[] = ['name', 'description', 'price'];

const Optional = () => <span className="fw-normal text-body-secondary">(optional)</span>;

type IssueFieldsProps = {
  idOf: (field: IssueField) => string;
  register: UseFormRegister<IssueFieldValues>;
  errors: FieldErrors<IssueFieldValues>;
  busy: boolean;
  /** Adding: an empty price is the shop's default one. */
  priceOptional: boolean;
  /** Said under the name, e.g. what an issue without one shows. */
  nameHint?: string;
};

export function IssueFields({ idOf, register, errors, busy, priceOptional, nameHint }: IssueFieldsProps) {
  const nameHintId = nameHint ? `${idOf('name')}-hint` : undefined;
  const priceHintId = `${idOf('price')}-hint`;
  return (
    <>
      <Form.Group controlId={idOf('name')}>
        <Form.Label>
          Name <Optional />
        </Form.Label>
        <Form.Control
          type="text"
          autoComplete="off"
          maxLength={NAME_MAX}
          disabled={busy}
          {...fieldState(idOf('name'), errors.name?.message, nameHintId)}
          {...register('name')}
        />
        {nameHint && <Form.Text id={nameHintId}>{nameHint}</Form.Text>}
        <FieldError inputId={idOf('name')} message={errors.name?.message} />
      </Form.Group>

      <Form.Group controlId={idOf('description')}>
        <Form.Label>
          Description <Optional />
        </Form.Label>
        <Form.Control
          as="textarea"
          rows={5}
          maxLength={DESCRIPTION_MAX}
          disabled={busy}
          {...fieldState(idOf('description'), errors.description?.message)}
          {...register('description')}
        />
        <FieldError inputId={idOf('description')} message={errors.description?.message} />
      </Form.Group>

      <Form.Group controlId={idOf('price')}>
        <Form.Label>Price {priceOptional && <Optional />}</Form.Label>
        <InputGroup hasValidation className="issue-price-input">
          <InputGroup.Text aria-hidden="true">$</InputGroup.Text>
          <Form.Control
            type="number"
            inputMode="decimal"
            min={0.5}
            max={999.99}
            step={0.01}
            aria-required={!priceOptional}
            disabled={busy}
            {...fieldState(idOf('price'), errors.price?.message, priceHintId)}
            {...register('price')}
          />
        </InputGroup>
        <Form.Text id={priceHintId}>
          {priceOptional
            ? "In dollars, from 0.50 to 999.99; empty for the shop's default price."
            : 'In dollars, from 0.50 to 999.99.'}
        </Form.Text>
        <FieldError inputId={idOf('price')} message={errors.price?.message} />
      </Form.Group>
    </>
  );
}

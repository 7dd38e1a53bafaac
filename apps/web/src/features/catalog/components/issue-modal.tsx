// An issue's details (docs/product.md §2 issue modal): number, name, description (or 'Woohoo'), cover,
// star rating or 'Not reviews for this comic', price, Close and 'Buy now'. The modal traps focus
// and Escape closes it.
import { COMIC_FORMAT, type Role } from '@comics/shared/constants';
import { useState } from 'react';
import Button from 'react-bootstrap/Button';
import Modal from 'react-bootstrap/Modal';
import { BsCartPlus, BsHeart } from 'react-icons/bs';
import { Link } from 'react-router';

import { CoverImage } from '@/components/cover-image';
import { StarRating } from '@/components/star-rating';
import { paths } from '@/config/paths';
import { formatPrice, toPlainText } from '@/lib/format';

import type { RatedIssue } from '../types';

type IssueModalProps = {
  issue: RatedIssue | null;
  comicName: string;
  role: Role | null;
  onClose: () => void;
};

export function IssueModal({ issue, comicName, role, onClose }: IssueModalProps) {
  // The last issue stays rendered while the modal fades out.
  const [shown, setShown] = useState<RatedIssue | null>(issue);
  if (issue !== null && issue !== shown) setShown(issue);

  return (
    <Modal
      show={issue !== null}
      onHide={onClose}
      onExited={() => setShown(null)}
      centered
      size="lg"
      aria-labelledby="issue-modal-title"
    >
      {shown && <IssueModalContent issue={shown} comicName={comicName} role={role} onClose={onClose} />}
    </Modal>
  );
}

function IssueModalContent({ issue, comicName, role, onClose }: IssueModalProps & { issue: RatedIssue }) {
  const description = issue.description ? toPlainText(issue.description) : '';
  const isUser = role === 'USER';
  const loginHref = paths.login.getHref();

  return (
    <>
      <Modal.Header closeButton>
        <Modal.Title id="issue-modal-title" className="h5">
          <span className="text-body-secondary fw-normal">{comicName}</span>{' '}
          <span className="issue-number">#{issue.issue_number}</span>
        </Modal.Title>
      </Modal.Header>
      <Modal.Body>
        <div className="row g-4">
          <div className="col-5 col-md-4">
            <CoverImage src={issue.image} alt={`Cover of ${comicName} #${issue.issue_number}`} priority />
          </div>
          <div className="col-7 col-md-8 d-flex flex-column gap-3">
            <div>
              <p className="text-uppercase small fw-semibold text-primary mb-1">Issue #{issue.issue_number}</p>
              <h2 className="h4 fw-bold mb-0">{issue.name ?? comicName}</h2>
            </div>
            <div>
              {issue.avgRating !== null ? (
                <span className="d-inline-flex align-items-center gap-2">
                  <StarRating value={issue.avgRating} />
                  <span className="small text-body-secondary">{issue.avgRating.toFixed(1)}</span>
                </span>
              ) : (
                <span className="small text-body-secondary">Not reviews for this comic</span>
              )}
            </div>
            <p className="issue-description mb-0">{description || 'Woohoo'}</p>
            <div className="d-flex align-items-baseline gap-3 mt-auto">
              <span className="display-price">{formatPrice(issue.price)}</span>
              <span className="badge text-bg-secondary">{COMIC_FORMAT}</span>
            </div>
            {!role && (
              <div className="d-flex flex-wrap gap-2">
                <Link
                  to={loginHref}
                  className="btn btn-outline-danger btn-sm"
                  aria-label="Add to favourites (log in first)"
                >
                  <BsHeart aria-hidden="true" className="me-1" /> Favorite
                </Link>
                <Link to={loginHref} className="btn btn-outline-primary btn-sm" aria-label="Add to cart (log in first)">
                  <BsCartPlus aria-hidden="true" className="me-1" /> Add to cart
                </Link>
              </div>
            )}
          </div>
        </div>
      </Modal.Body>
      <Modal.Footer>
        <Button variant="outline-secondary" onClick={onClose}>
          Close
        </Button>
        <Link to={isUser ? paths.user.shop.getHref() : loginHref} className="btn btn-primary px-4">
          Buy now
        </Link>
      </Modal.Footer>
    </>
  );
}

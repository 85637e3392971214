import type { IconName } from '@/content/districts';
import * as Icons from '@/components/icons';

const ICONS: Record<IconName, (props: React.SVGProps<SVGSVGElement>) => React.ReactNode> = {
  road: Icons.RoadIcon,
  bolt: Icons.BoltIcon,
  droplet: Icons.DropletIcon,
  shield: Icons.ShieldIcon,
  tree: Icons.TreeIcon,
  drain: Icons.WavesIcon,
  camera: Icons.CameraIcon,
  home: Icons.HomeIcon,
  leaf: Icons.LeafIcon,
  sparkle: Icons.SparkleIcon,
  plane: Icons.PlaneIcon,
  store: Icons.StoreIcon,
  train: Icons.TrainIcon,
  graduation: Icons.GraduationCapIcon,
  bus: Icons.BusIcon,
  bag: Icons.ShoppingBagIcon,
  building: Icons.BuildingIcon,
  users: Icons.UsersIcon,
  heart: Icons.HeartIcon,
  trending: Icons.TrendingUpIcon,
  briefcase: Icons.BriefcaseIcon,
  cpu: Icons.CpuIcon,
  map: Icons.MapPinIcon,
};

/** Renders the icon a piece of content names. */
export function ContentIcon({ name, className }: { name: IconName; className?: string }) {
  const Icon = ICONS[name];
  return <Icon className={className} />;
}
